import { describe, expect, it } from 'vitest';
import { fromSlackSample, loadSlackSample } from '../../support/slack-samples.js';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';

describe('test payloads built from the Slack SDK samples', () => {
  it('keep the sample’s fields and order, and leave out the blanked ones they do not set', () => {
    const built = slackMessageEvent({ text: 'Where is my order 1042?' });
    const sampleKeys = Object.keys(loadSlackSample('MessagePayload'));
    expect(Object.keys(built)).toEqual(sampleKeys.filter((k) => k in built));
    const event = built.event as Record<string, unknown>;
    // The sample holds bot_id: "" and a bot_profile; a person's message has neither.
    expect(event).not.toHaveProperty('bot_profile');
    expect(event).not.toHaveProperty('bot_id');
    expect(event).toMatchObject({ user: SLACK.customer, user_team: SLACK.customerTeam });
  });

  it('refuse a field the sample does not have, unless it is named as one Slack really sends', () => {
    expect(() => fromSlackSample('SlashCommandPayload', { text: 'status', made_up: 'x' })).toThrow(
      /no field "made_up"/,
    );
    expect(() =>
      fromSlackSample('BlockActionPayload', { user: { id: SLACK.approver, favourite_colour: 'red' } }),
    ).toThrow(/user\.favourite_colour/);
    expect(fromSlackSample('SlashCommandPayload', { text: 'status', made_up: 'x' }, ['made_up'])).toEqual({
      text: 'status',
      made_up: 'x',
    });
  });

  it('check items of arrays against the sample’s first item', () => {
    const click = blockAction({ user: SLACK.approver, value: 'x' });
    expect((click.actions as unknown[]).length).toBe(1);
    expect(() =>
      fromSlackSample('BlockActionPayload', { actions: [{ action_id: 'a', invented: true }] }),
    ).toThrow(/actions\[\]\.invented/);
  });
});
