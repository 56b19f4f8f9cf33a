/** A long prompt that is slow to convert, for the tests and benchmark of prompt conversion under load. */

const THINGS = [
  'customers',
  'orders',
  'products',
  'invoices',
  'employees',
  'departments',
  'projects',
  'tasks',
  'students',
  'courses',
  'teachers',
  'books',
  'authors',
  'patients',
  'doctors',
  'appointments',
  'vehicles',
  'drivers',
  'trips',
  'hotels',
  'rooms',
  'bookings',
  'users',
  'posts',
  'comments',
  'tags',
  'events',
  'tickets',
  'venues',
  'suppliers',
];

/** A 5,000-character prompt of many known tables; `variant` changes its counts. */
export function longPrompt(variant = 0): string {
  let prompt = '';
  for (let i = 0; prompt.length < 5000; i++) {
    const thing = THINGS[i % THINGS.length]!;
    const owner = THINGS[(i + 1) % THINGS.length]!;
    prompt += `${((i + variant) % 9) + 1}0 ${thing} with name, email, created date and status active or inactive, each belonging to one of the ${owner}. `;
  }
  return prompt.slice(0, 5000);
}
