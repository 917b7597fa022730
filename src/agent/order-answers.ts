import type { Intent, Order } from '../domain/index.js';
import type { AnswerType } from './answer-type.js';

/**
 * How well the customer's own order answers the question, from the question's type and the
 * order's data: "when will it arrive?" is answered by a delivery estimate or date, not by
 * "it shipped". Finding the order is not, by itself, an answer.
 */
export function orderAnswerConfidence(
  intent: Intent,
  asked: AnswerType,
  order: Order,
): { confidence: number; note?: string } {
  // Eligibility and the refundable amount answer refund, return and cancellation questions.
  if (intent === 'refund' || intent === 'return' || intent === 'cancel') return { confidence: 0.92 };
  if (asked === 'date' || asked === 'duration') {
    if (order.status === 'delivered' || order.status === 'cancelled' || order.status === 'returned')
      return { confidence: 0.92 };
    if (order.status === 'shipped' && order.estimatedDelivery) return { confidence: 0.9 };
    return {
      confidence: 0.7,
      note:
        order.status === 'placed'
          ? 'not shipped yet: no delivery date to give'
          : 'no delivery estimate on record',
    };
  }
  if (asked === 'steps') return { confidence: 0.8, note: 'a how-to question about an order: status only' };
  return { confidence: 0.92 };
}
