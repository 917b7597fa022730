import { describe, expect, it } from 'vitest';
import {
  SlackEnvelopeSchema,
  SlackMessageEventSchema,
  classifyMessageEvent,
  slackTextToPlain,
} from '../../../src/bot/slack/translate.js';
import { parseCommand } from '../../../src/bot/slack/commands.js';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';

const self = { teamId: SLACK.homeTeam, botUserId: SLACK.bot, botId: SLACK.botId };

function classify(payload: Record<string, unknown>) {
  return classifyMessageEvent(
    SlackEnvelopeSchema.parse(payload),
    SlackMessageEventSchema.parse(payload.event),
    self,
  );
}

describe('Slack message event → who wrote what', () => {
  it('treats a Slack Connect user from another organization as an external customer', () => {
    const r = classify(slackMessageEvent({ text: 'Where is order 1042?', userTeam: SLACK.customerTeam }));
    expect(r).toMatchObject({
      ok: true,
      message: {
        kind: 'message',
        isExternal: true,
        userTeam: SLACK.customerTeam,
        homeTeamId: SLACK.homeTeam,
        userId: SLACK.customer,
        text: 'Where is order 1042?',
        messageId: SLACK.ts,
      },
    });
    if (r.ok) expect(r.message.threadId).toBeUndefined();
  });

  it('treats a home-workspace member as staff and keeps the thread root', () => {
    const r = classify(
      slackMessageEvent({
        text: 'I’ll take this one',
        user: SLACK.staff,
        userTeam: SLACK.homeTeam,
        ts: '1730000050.000200',
        threadTs: SLACK.ts,
      }),
    );
    expect(r).toMatchObject({ ok: true, message: { isExternal: false, threadId: SLACK.ts } });
  });

  it('ignores bots, its own messages and housekeeping subtypes', () => {
    expect(classify(slackMessageEvent({ text: 'hi', user: SLACK.bot, userTeam: SLACK.homeTeam })).ok).toBe(
      false,
    );
    expect(classify(slackMessageEvent({ text: 'deploy done', botId: 'B0OTHER01' })).ok).toBe(false);
    for (const subtype of ['channel_join', 'channel_leave', 'channel_topic', 'bot_message', 'group_join']) {
      expect(classify(slackMessageEvent({ text: 'x', subtype })).ok).toBe(false);
    }
  });

  it('records edits and deletions of customer messages', () => {
    const edit = classify(
      slackMessageEvent({
        text: 'Refund order 1043 please',
        subtype: 'message_changed',
        previous: { text: 'Refund order 1034', ts: SLACK.ts },
      }),
    );
    expect(edit).toMatchObject({
      ok: true,
      message: { kind: 'edit', messageId: SLACK.ts, text: 'Refund order 1043 please', isExternal: true },
    });
    const del = classify(slackMessageEvent({ text: 'oops', subtype: 'message_deleted' }));
    expect(del).toMatchObject({ ok: true, message: { kind: 'delete', messageId: SLACK.ts, text: '' } });
  });

  it('turns Slack markup back into what the person typed', () => {
    expect(
      slackTextToPlain(
        'Fish &amp; chips &lt;3 <https://x.example/a|the link> <@U0DANA001> <#C0456EFGH|support> <!here>',
      ),
    ).toBe('Fish & chips <3 the link (https://x.example/a) @U0DANA001 #support @here');
    expect(slackTextToPlain('mail <mailto:maya@bluebirdcafe.example|maya@bluebirdcafe.example>')).toBe(
      'mail maya@bluebirdcafe.example',
    );
  });
});

describe('/switchboard command text', () => {
  it('parses every subcommand and explains mistakes', () => {
    expect(parseCommand('status')).toEqual({ name: 'status' });
    expect(parseCommand(' ticket tkt-8f3k2q ')).toEqual({ name: 'ticket', ticketId: 'TKT-8F3K2Q' });
    expect(parseCommand('mode DRAFT')).toEqual({ name: 'mode', mode: 'draft' });
    expect(parseCommand('staff-channel')).toEqual({ name: 'staff-channel' });
    expect(parseCommand('mode loud')).toMatchObject({
      name: 'help',
      problem: expect.stringContaining('auto, draft or off'),
    });
    expect(parseCommand('ticket 42')).toMatchObject({ name: 'help' });
    expect(parseCommand('')).toEqual({ name: 'help', problem: undefined });
  });
});
