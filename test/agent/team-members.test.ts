import { describe, expect, it } from 'vitest';
import { fold } from '../../src/agent/offline/text.js';
import { asksToAddTeamMember } from '../../src/agent/team-members.js';
import { understandOffline } from '../../src/agent/understand.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();
const understand = (text: string) =>
  understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] });

// Phrasings written for this test, in other words than any labelled set's.
describe('adding a member of one’s own team to the account is a how-to, not a breach', () => {
  it.each([
    'we want to add our office manager as a user on the account',
    'I’d like to add my business partner as a second user on our account',
    'I want to add another user to our account',
    'we need to add a user to our account for our new accountant',
    'Quiero añadir a mi asistente como administradora de nuestra cuenta',
    'Je veux ajouter mon collègue comme administrateur sur notre compte',
    'Quero adicionar um colega como administrador na nossa conta',
  ])('%s', (text) => {
    expect(asksToAddTeamMember(fold(text))).toBe(true);
    const u = understand(text);
    expect(u.securityConcern).toBe(false);
    expect(u.urgency).not.toBe('critical');
  });

  it('is answered from the team-members article', async () => {
    const r = await run(MAYA, 'we want to add our office manager as a user on the account');
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toMatch(/Account owners and admins/);
  });

  it.each([
    'someone added a user to our account that we don’t know',
    'there’s a new admin on our account, none of us added it',
    'how do I remove a user? someone we never invited is on our account',
  ])('a user nobody invited stays a security concern: %s', (text) => {
    expect(understand(text).securityConcern).toBe(true);
    expect(understand(text).urgency).toBe('critical');
  });
});
