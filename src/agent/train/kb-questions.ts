import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Knowledge-base questions written from the kb/ articles for the answerability model: ones an
 * article answers (resolve) and ones on the same topics no article answers (escalate: a person
 * must check, decide or find out). Written for training; never taken from a golden split.
 */
type Labelled = { text: string; route: 'resolve' | 'escalate' };

/**
 * data/kb-questions.jsonl: questions written article by article, in a customer's words and about a
 * third in other languages. A resolve line carries the article's words that answer it; an escalate
 * line (a near-miss on the article's topic) says what the article does not state.
 */
export const KB_QUESTIONS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../data/kb-questions.jsonl',
);

const Base = { text: z.string().min(1), article: z.string().min(1), language: z.string().length(2) };
export const WrittenQuestionSchema = z.discriminatedUnion('route', [
  z.strictObject({ ...Base, route: z.literal('resolve'), answer: z.string().min(1) }),
  z.strictObject({ ...Base, route: z.literal('escalate'), lacks: z.string().min(1) }),
]);
export type WrittenQuestion = z.infer<typeof WrittenQuestionSchema>;

/** The file's questions, each line checked against the schema (a bad line names its number). */
export function readWrittenQuestions(file = KB_QUESTIONS_FILE): WrittenQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const parsed = WrittenQuestionSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path.basename(file)} line ${i + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
}

const ANSWERED = [
  'how long is the warranty on office chairs?',
  'does the warranty still apply after the 30 day return window?',
  'is accidental damage covered by your warranty?',
  'which credit cards do you accept?',
  'can we pay by ACH bank transfer?',
  'where do I change the card we pay with?',
  'how often do you retry a failed subscription charge?',
  'how many seats come with the Pro plan?',
  'how much is Pro billed yearly?',
  'what are the support hours on the Free plan?',
  'do Enterprise customers get 24/7 support?',
  'where can I download a PDF invoice?',
  'can invoices go to a second email address?',
  'can you reissue an invoice with our new company address?',
  'what roles can team members have?',
  'what can a Viewer do?',
  'do past orders stay when a person is removed from the team?',
  'how many recovery codes does two-factor give me?',
  'which authenticator apps are supported for 2FA?',
  'I lost my phone with the authenticator on it, how do I sign in?',
  'how do I export all our orders as CSV?',
  'how long is the export download link valid?',
  'do you give volume discounts on big orders?',
  'how long is a quote valid for?',
  'can we set up a recurring monthly order for consumables?',
  'what time do orders need to be in to ship the same day?',
  'how long does standard shipping take?',
  'how much does express shipping cost?',
  'which carrier do you use for international orders?',
  'is standard shipping free?',
  'can I return an opened item?',
  'can used labels be returned?',
  'how long do I have to drop off a return parcel?',
  'who pays for return shipping?',
  'how are returns of desks handled, they are too big for a box?',
  'what is the rate limit on the Pro plan?',
  'what does a 429 response from the API mean?',
  'how many ids can one catalogue request take?',
  'which identity providers work with your SSO?',
  'what role do new SSO users get?',
  'how do I rotate an API key?',
  'where do admins create API keys?',
  'how long is the password reset link valid?',
  'my account is locked after too many wrong passwords, how long does it last?',
  'do I pay duties when my parcel arrives in Canada?',
  'what happens if customs holds a parcel for weeks?',
  'how do we buy tax free with a resale certificate?',
  'how long does it take to verify a tax exemption certificate?',
  'how long is support chat history kept?',
  'how do I close our company account?',
  'when does a downgrade take effect?',
  'can I visit your showroom in Columbus?',
  'do you deliver on Sundays?',
  'can I change the email address on the account owner login?',
  'do you accept PayPal for invoices?',
  'how do I make someone else the owner of our account?',
  'do upgrades take effect right away?',
];

const NOT_ANSWERED = [
  'is the ergonomic chair available in green?',
  'do you sell replacement wheels for the office chairs?',
  'will the label printer work with a Mac running the latest OS?',
  'can you recommend a desk for a standing meeting room?',
  'do you accept cryptocurrency?',
  'can we pay by cheque?',
  'do you offer a nonprofit discount on Pro?',
  'is there a loyalty programme for repeat buyers?',
  'are your products made in the USA?',
  'is the warehouse open for local pickup?',
  'do you have a showroom in Dallas we could visit?',
  'do you ship to Antarctica research stations?',
  'is your platform GDPR certified by an auditor?',
  'do you have an ISO 27001 certificate we can see?',
  'can our API key be restricted to certain IP addresses?',
  'is there a GraphQL version of the ordering API?',
  'can I get the invoices in Spanish?',
  'do you support login with a passkey on mobile?',
  'can we have two owners on one account?',
  'is there a mobile app for iPhone?',
  'when will the new standing desk model be released?',
  'how many chairs do you have in stock right now?',
  'can the monitor arm hold a 49 inch screen?',
  'what is the weight limit of the shelving unit?',
  'do you plan to raise prices next year?',
  'can you match the price another supplier gave us?',
  'is there an affiliate or referral scheme?',
  'do you offer gift cards?',
  'can I add a gift message to an order?',
  'can the courier call us before delivery?',
  'can we collect our order from your warehouse on a Sunday?',
  'can you store our order in your warehouse until next month?',
  'is the coffee grinder dishwasher safe?',
  'can we get a sample of the label rolls before ordering?',
  'do you have a public roadmap?',
  'can the account owner sign in with two different email addresses?',
  'is there a Slack integration for order notifications?',
  'can we get a dedicated IP for webhooks?',
  'do your chairs meet BIFMA standards?',
  'who is our account manager?',
];

/**
 * The short list above: fitted by the answerability model at WRITTEN_WEIGHT and read by the word
 * vectors, but not in the answer memory. The file's questions (readWrittenQuestions) are fitted
 * too, reweighted to the customers' answerable share, and are in the memory, where they are
 * neighbours but do not weigh the terms (answer-memory.ts; answerability-data.ts).
 */
export const KB_QUESTIONS: Labelled[] = [
  ...ANSWERED.map((text) => ({ text, route: 'resolve' as const })),
  ...NOT_ANSWERED.map((text) => ({ text, route: 'escalate' as const })),
];
