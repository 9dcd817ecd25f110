/**
 * Who coordinates the team. One rule for every place that asks: the protocol file's
 * variant, the Team view's star and order, the board's lane order and the agent
 * pickers. The chief of staff (by slug, as the protocol names it) coordinates, and so
 * does an agent whose role says it is the coordinator or the chief of staff. (The
 * views used to look at the slug only, so such an agent got the coordinator protocol
 * but no star; the role rule is the protocol's and wins.)
 */
export const COORDINATOR_SLUG = 'chief-of-staff';

const COORDINATOR_ROLE = /\b(coordinator|chief of staff)\b/i;

export function isCoordinator(agent: { readonly slug: string; readonly role: string | null }): boolean {
  return agent.slug === COORDINATOR_SLUG || (!!agent.role && COORDINATOR_ROLE.test(agent.role));
}
