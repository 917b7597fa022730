import { z } from 'zod';
import type { KbCategory } from './commerce.js';

/** What one intent means to every part of the system that reads it. */
export interface IntentDefinition {
  /** One line for the model's prompt: what messages of this intent ask for. */
  description: string;
  /** Staff-facing phrase: "asks about {label}". */
  label: string;
  /** Knowledge-base category searched first; none = search everything. */
  kbCategory?: KbCategory;
  /** The urgency before plan and topic rules, when nothing in the text says otherwise. */
  defaultUrgency: 'medium' | 'low';
  /** Answered from the customer's own order data when an order is named or implied. */
  aboutOrders: boolean;
}

/**
 * Every intent, declared once. The order is the tie-break order (the more specific and more
 * consequential intent first). The zod enum, the model prompt's list, the escalation label,
 * the knowledge-base category, the eval's label set and the classifier's classes all derive
 * from this table; the trained model is checked against it when it loads.
 */
const DEFINITIONS = {
  human_request: {
    description: 'asks for a person, an agent, customer service or a call back',
    label: 'talking to a person',
    defaultUrgency: 'medium',
    aboutOrders: false,
  },
  cancel: {
    description: 'wants to cancel an order they placed',
    label: 'cancelling an order',
    kbCategory: 'returns',
    defaultUrgency: 'medium',
    aboutOrders: true,
  },
  refund: {
    description: 'wants money back for an order, or asks where a refund is',
    label: 'a refund',
    kbCategory: 'returns',
    defaultUrgency: 'medium',
    aboutOrders: true,
  },
  return: {
    description: 'wants to return or exchange an item, or asks about the return policy or labels',
    label: 'a return',
    kbCategory: 'returns',
    defaultUrgency: 'medium',
    aboutOrders: true,
  },
  order_status: {
    description: 'where their order is, tracking, when it arrives, a late or missing package',
    label: 'the status of an order',
    defaultUrgency: 'medium',
    aboutOrders: true,
  },
  billing: {
    description:
      'invoices, receipts, charges, payment methods, plans and subscriptions, fees for leaving a contract early',
    label: 'billing',
    kbCategory: 'billing',
    defaultUrgency: 'medium',
    aboutOrders: false,
  },
  account: {
    description:
      'signing up, logging in, passwords, profile and account details, team members, SSO, a hacked account',
    label: 'their account',
    kbCategory: 'account',
    defaultUrgency: 'medium',
    aboutOrders: false,
  },
  technical: {
    description: 'errors, outages, the API, integrations, the site or app not working, lost data',
    label: 'a technical problem',
    kbCategory: 'technical',
    defaultUrgency: 'medium',
    aboutOrders: false,
  },
  shipping: {
    description: 'shipping costs, carriers, delivery times and countries, changing the shipping address',
    label: 'shipping',
    kbCategory: 'shipping',
    defaultUrgency: 'medium',
    aboutOrders: true,
  },
  general: {
    description: 'products, stock, opening hours, contact details, warranty, discounts, bulk orders',
    label: 'a general question',
    kbCategory: 'general',
    defaultUrgency: 'low',
    aboutOrders: false,
  },
  other: {
    description: 'anything unrelated to the store or that fits no other intent',
    label: 'something the assistant could not classify',
    defaultUrgency: 'low',
    aboutOrders: false,
  },
} as const satisfies Record<string, IntentDefinition>;

export type Intent = keyof typeof DEFINITIONS;

/** The intents in tie-break order. */
export const INTENT_IDS = Object.keys(DEFINITIONS) as [Intent, ...Intent[]];

export const IntentSchema = z.enum(INTENT_IDS);

export const INTENTS: Readonly<Record<Intent, IntentDefinition>> = DEFINITIONS;

/** "order_status (where their order is, …), shipping (…)": the list a model prompt offers. */
export function intentPromptList(): string {
  return INTENT_IDS.map((id) => `${id} (${INTENTS[id].description})`).join('; ');
}
