import { z } from 'zod';

/** What anyone may see of a profile (spec section 3, Public profile). */
export const publicProfileSchema = z
  .strictObject({
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    job_title: z.string(),
    company: z.string(),
    phone: z.string(),
    email: z.string().describe('Empty unless the owner chose to show it.'),
    location: z.string(),
    bio: z.string(),
    profile_image: z.string().nullable(),
    facebook: z.string(),
    instagram: z.string(),
    twitter: z.string(),
    youtube: z.string(),
    github: z.string(),
    linkedin: z.string(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.output<typeof publicProfileSchema>;
