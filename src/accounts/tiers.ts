/** The plan tiers, without their limits' schemas (plans.ts): what the command line needs to start. */
export const TIERS = ['free', 'pro', 'scale', 'agent', 'internal'] as const;
export type Tier = (typeof TIERS)[number];

/** Whether a string names a tier. */
export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}
