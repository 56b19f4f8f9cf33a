/**
 * Malformed values by the kind of field they break, for `error_value`'s `target_type` (the hosted
 * service's pools): data only.
 */

/** target_type → values that look like that kind but are not valid. */
export const MALFORMED: Readonly<Record<string, readonly string[]>> = {
  email: [
    'user@',
    '@example.com',
    'user@@example.com',
    'user example.com',
    'user@.com',
    'user@example',
    'user@exam_ple.com',
    '.user@example.com',
  ],
  uuid: [
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000',
    '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9z',
    '3f2b8c1e9a4d4e7b8c2a1d5e6f7a8b9c0',
    '{3f2b8c1e-9a4d-4e7b-8c2a}',
    'g3f2b8c1-9a4d-4e7b-8c2a-1d5e6f7a8b9c',
  ],
  date: [
    '2024-02-30',
    '2024-13-01',
    '31/12/2024',
    '2024-1-1',
    '0000-00-00',
    '2024-12-32T25:61:00Z',
    'yesterday',
  ],
  url: [
    'htp://example.com',
    'http//example.com',
    'http://',
    'example',
    'http://exa mple.com',
    '://example.com',
    'http://-example.com',
  ],
  phone: [
    '123',
    '+1 (555) 123-45678-90',
    'phone',
    '555-CALL-NOW',
    '+',
    '00000000000000000000',
    '+1-555-abc-defg',
  ],
  json: ['{', '{"a": 1,}', "{'a': 1}", '[1, 2', '{"a": undefined}', 'NaN', '{"a" 1}'],
  number: ['NaN', 'Infinity', '-Infinity', '1,000.00.0', '1e309', '0x1G', '--1', '12abc'],
  special: ['N/A', '#N/A', '#REF!', '#DIV/0!', '#VALUE!', 'null', 'undefined', 'NULL', 'None', 'nil', '-'],
};

/** The kinds `error_value.target_type` takes. */
export const MALFORMED_KINDS: readonly string[] = Object.keys(MALFORMED);
