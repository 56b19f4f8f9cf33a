/** The key's usage today (GET /api/v1/usage) as a description list. */
import { type ApiError, getJson, type Usage } from './api.js';

/** A number, or "unlimited" for the API's null. */
function amount(value: number | null): string {
  return value === null ? 'unlimited' : value.toLocaleString('en');
}

/** Fills `list` with the key's usage, or says why it cannot. */
export async function showUsage(list: HTMLElement, key: string): Promise<void> {
  const rows: [string, string][] = [];
  if (key === '') rows.push(['Usage', 'Type an API key to see it.']);
  else {
    try {
      const usage = await getJson<Usage>('/api/v1/usage', key);
      rows.push(
        ['Plan', usage.tier],
        ['Records today', `${amount(usage.daily_used)} of ${amount(usage.limits.records_per_day)}`],
        ['Records left today', amount(usage.daily_remaining)],
        ['Records per request', amount(usage.limits.records_per_request)],
        ['Prompts today', amount(usage.prompts_used)],
        ['Resets at', new Date(usage.reset_at).toISOString().replace('.000Z', 'Z')],
        ['Features', usage.limits.features.join(', ') || 'none'],
      );
    } catch (error) {
      const { code, message } = error as ApiError;
      rows.push(['Usage', `${code}: ${message}`]);
    }
  }
  list.replaceChildren(
    ...rows.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      return [dt, dd];
    }),
  );
}
