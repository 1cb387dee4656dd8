import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { vcardFileName } from '../../../app/lib/vcard.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../accounts/auth.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { MAX_PHOTO_BYTES, TOO_LARGE } from './photo.ts';
import { profileUpdateSchema, usernameField } from './schemas.ts';
import {
  type ProfilesDeps,
  publicProfile,
  publicVCard,
  USER_NOT_FOUND,
  updateProfile,
  withoutEmptyFields,
} from './service.ts';

const PHOTO_FIELD = 'profile_image';

/** Reads the multipart form (or a JSON object): text fields, and the photo as a buffer. */
async function readProfileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photo?: Buffer }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('bad_request', 'Send the profile as a form.');
    const fields = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(([, value]) => typeof value === 'string'),
    ) as Record<string, string>;
    return { fields };
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== PHOTO_FIELD)
          throw new AppError('bad_request', `Only ${PHOTO_FIELD} may carry a file.`);
        if (data.length > 0) photo = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', TOO_LARGE, { [PHOTO_FIELD]: [TOO_LARGE] });
    }
    throw error;
  }
  return { fields, photo };
}

function username(request: FastifyRequest<{ Params: { username: string } }>): string {
  const parsed = usernameField.safeParse(request.params.username);
  if (!parsed.success) throw new AppError('not_found', USER_NOT_FOUND);
  return parsed.data;
}

export const profileRoutes: FastifyPluginAsync<ProfilesDeps> = async (app, deps) => {
  app.put('/auth/profile/', async (request, reply) => {
    const user = await requireUser(request);
    const { fields, photo } = await readProfileForm(request);
    const kept = withoutEmptyFields(fields);
    const cleared = Object.keys(kept).filter((key) => kept[key] === '');
    for (const key of cleared) delete kept[key];
    const input = parseInput(profileUpdateSchema, kept);
    const updated = await updateProfile(deps, user, input, cleared, photo, request.cookies[SESSION_COOKIE]);
    reply.header('cache-control', 'no-store');
    return updated;
  });

  app.get<{ Params: { username: string } }>('/auth/public-profile/:username/', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    return publicProfile(deps.db, username(request));
  });

  app.get<{ Params: { username: string } }>(
    '/auth/public-profile/:username/vcard/',
    async (request, reply) => {
      const { text, profile } = await publicVCard(deps.db, deps.storage, username(request));
      const file = vcardFileName(profile.first_name, profile.last_name);
      return reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${file.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
        )
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .send(text);
    },
  );
};

export const MULTIPART_LIMITS = {
  fileSize: MAX_PHOTO_BYTES,
  files: 1,
  fields: 40,
  fieldSize: 4096,
  parts: 41,
};
