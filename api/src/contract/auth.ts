import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const USERNAME_MAX = 40;

// Trimmed only to decide "required"; what the learner typed is kept as typed.
const required = (field: string) =>
  z.string({ error: `${field} is required` }).refine((v) => v.trim().length > 0, `${field} is required`);

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const ZRegisterBody = z.object({
  username: required('Username')
    .transform((v) => v.trim())
    .pipe(z.string().max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)),
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    // Hashing cost grows with length; nobody needs more.
    .max(256, 'Password must be at most 256 characters'),
});
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Invalid email or password'),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZUser = z.object({ id: z.string(), username: z.string(), email: z.string() });
export type TUser = z.infer<typeof ZUser>;

export const ZAuthResponse = ZUser.extend({ token: z.string() });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;
