import { describe, expect, it } from 'vitest';
import { isAboutOwnOrder } from '../../src/agent/retrieve.js';
import { understandOffline } from '../../src/agent/understand.js';

const own = (text: string) =>
  isAboutOwnOrder(understandOffline({ text, isNewTicket: true, openTickets: [] }), text);

// News asked of a delivery the customer owns is their order's status, whichever topic the intent
// model reads; news of deliveries in general is the shipping article's.
describe('news asked of the customer’s own delivery', () => {
  it.each([
    'any updates on our shipment?',
    'news on my parcel??',
    '¿Alguna novedad de nuestro envío?',
    'Des nouvelles de notre colis ?',
    'Gibt es Neuigkeiten zu unserer Lieferung?',
    'Alguma novidade da nossa entrega?',
    'Novità sulla nostra consegna?',
    'Is er nieuws over onze levering?',
  ])('is about their orders: %s', (text) => {
    expect(own(text)).toBe(true);
  });

  it.each([
    'any news on delivery times to Canada?',
    'what is the status of deliveries to Norway?',
    'do you ship to Iceland?',
  ])('is not: %s', (text) => {
    expect(own(text)).toBe(false);
  });

  // Written for this test: "status" beside deliveries to a country read as an order's status; with
  // no order named and nothing of the customer's own, it is the shipping topic.
  it.each([
    "what's the status of shipments to Portugal?",
    'status of shipments to Canada this week?',
    'current status of parcels to Finland, please',
  ])('deliveries to a place in general are the shipping topic: %s', (text) => {
    expect(understandOffline({ text, isNewTicket: true, openTickets: [] }).intent).toBe('shipping');
    expect(own(text)).toBe(false);
  });
});
