/**
 * The Admin GraphQL operations Switchboard sends, named so logs, the loopback server and Shopify's
 * own request logs agree on what each call was. Fields are the documented Admin API 2026-01 ones.
 */

const ORDER_FIELDS = /* GraphQL */ `
  fragment OrderFields on Order {
    id
    name
    createdAt
    cancelledAt
    displayFinancialStatus
    displayFulfillmentStatus
    returnStatus
    customer {
      id
    }
    totalPriceSet {
      shopMoney {
        amount
        currencyCode
      }
    }
    lineItems(first: 50) {
      nodes {
        sku
        name
        quantity
        originalUnitPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
    }
    fulfillments(first: 10) {
      createdAt
      deliveredAt
      estimatedDeliveryAt
      displayStatus
      trackingInfo(first: 1) {
        company
        number
      }
    }
    refunds(first: 50) {
      id
      createdAt
      note
      totalRefundedSet {
        shopMoney {
          amount
          currencyCode
        }
      }
    }
    transactions(first: 20) {
      id
      kind
      status
      gateway
      amountSet {
        shopMoney {
          amount
          currencyCode
        }
      }
    }
  }
`;

export const SHOP_QUERY = /* GraphQL */ `
  query Shop {
    shop {
      name
      currencyCode
    }
  }
`;

export const CUSTOMER_BY_EMAIL_QUERY = /* GraphQL */ `
  query CustomerByEmail($query: String!) {
    customers(first: 1, query: $query) {
      nodes {
        id
        email
        displayName
      }
    }
  }
`;

export const ORDER_BY_NAME_QUERY = /* GraphQL */ `
  ${ORDER_FIELDS}
  query OrderByName($query: String!) {
    orders(first: 1, query: $query) {
      nodes {
        ...OrderFields
      }
    }
  }
`;

export const CUSTOMER_ORDERS_QUERY = /* GraphQL */ `
  ${ORDER_FIELDS}
  query CustomerOrders($id: ID!, $first: Int!) {
    customer(id: $id) {
      orders(first: $first, sortKey: CREATED_AT, reverse: true) {
        nodes {
          ...OrderFields
        }
      }
    }
  }
`;

/** `@idempotent(key:)`: Shopify creates one refund per key and replays it for a repeat. */
export const REFUND_CREATE_MUTATION = /* GraphQL */ `
  mutation RefundCreate($input: RefundInput!, $key: String!) {
    refundCreate(input: $input) @idempotent(key: $key) {
      refund {
        id
        createdAt
        note
        totalRefundedSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const ORDER_CANCEL_MUTATION = /* GraphQL */ `
  mutation OrderCancel(
    $orderId: ID!
    $reason: OrderCancelReason!
    $refundMethod: OrderCancelRefundMethodInput!
    $restock: Boolean!
    $notifyCustomer: Boolean
    $staffNote: String
  ) {
    orderCancel(
      orderId: $orderId
      reason: $reason
      refundMethod: $refundMethod
      restock: $restock
      notifyCustomer: $notifyCustomer
      staffNote: $staffNote
    ) {
      job {
        id
        done
      }
      orderCancelUserErrors {
        field
        message
        code
      }
    }
  }
`;
