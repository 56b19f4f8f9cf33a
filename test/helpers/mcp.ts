/** Shared by the MCP tests over HTTP and over stdio: a small request every tool can answer. */

/** A one-table request of `count` users (uuid and email). */
export const USERS = (count: number) => ({
  tables: [
    {
      name: 'users',
      count,
      fields: [
        { name: 'id', type: 'uuid' },
        { name: 'email', type: 'email' },
      ],
    },
  ],
});
