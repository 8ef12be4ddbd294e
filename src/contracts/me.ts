/** GET /api/me: who is signed in, so the web app can show what the caller's roles allow (the server still decides). */
import { Type, type Static } from '@sinclair/typebox';

export const MeAnswer = Type.Object(
  {
    username: Type.String(),
    displayName: Type.String(),
    /** Token roles, e.g. `employee`, `staff`, `definitions` (edits definition drafts), `publisher` (publishes them). */
    roles: Type.Array(Type.String()),
    isEmployee: Type.Boolean(),
  },
  { title: 'Me' },
);
export type MeAnswer = Static<typeof MeAnswer>;
