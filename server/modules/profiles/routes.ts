import type { FastifyPluginAsync } from 'fastify';
import { vcardFileName } from '../../../common/vcard.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { readImageForm } from '../../http/multipart-form.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { countUpload, PROFILE_PHOTO } from '../../storage/image-upload.ts';
import { requireUser } from '../accounts/auth.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { cardEventOf } from '../insights/card-event-of.ts';
import { cardCacheControl } from './card-caching.ts';
import { cardImageRoutes } from './card-image-routes.ts';
import { changeCardSettings } from './card-settings.ts';
import { cardLinkRoutes } from './link-routes.ts';
import { replaceLinks } from './links.ts';
import { publicProfileAnswerSchema, userSchema } from './responses.ts';
import { cardSettingsSchema, linksUpdateSchema, profileUpdateSchema, usernameField } from './schemas.ts';
import { publicVCard, updateProfile, viewCard, withoutEmptyFields } from './service.ts';
import { socialFieldsOf } from './social-fields.ts';
import { toUser } from './user-view.ts';

type ProfileRoutesOptions = Pick<
  Services,
  'db' | 'storage' | 'sessions' | 'mailer' | 'publicUrl' | 'afterAnswer' | 'publish' | 'insights' | 'secret'
>;

const profilesApi: FastifyPluginAsync<ProfileRoutesOptions> = async (app, deps) => {
  app.put(
    '/auth/profile/',
    doc({
      summary: `Change the profile (multipart form; empty fields are cleared, \`${PROFILE_PHOTO.field}\` replaces the photo)`,
      auth: 'user',
      multipart: { fields: profileUpdateSchema, fileField: PROFILE_PHOTO.field },
      responses: {
        200: { description: 'The profile.', schema: userSchema },
        409: 'The username or e-mail is taken.',
        413: 'The photo is too large.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { fields, file: photo } = await readImageForm(request, PROFILE_PHOTO, 'profile');
      if (photo) await countUpload(deps.db, user.id);
      const kept = withoutEmptyFields(fields);
      const cleared = Object.keys(kept).filter((key) => kept[key] === '');
      for (const key of cleared) delete kept[key];
      const input = parseInput(profileUpdateSchema, kept);
      const updated = await updateProfile(deps, user, input, cleared, photo, request.cookies[SESSION_COOKIE]);
      reply.header('cache-control', 'no-store');
      return updated;
    },
  );

  app.patch(
    '/auth/profile/card/',
    doc({
      summary: 'Choose what the public card shows, whether it shows at all, and its colour',
      auth: 'user',
      body: cardSettingsSchema,
      responses: { 200: { description: 'The profile.', schema: userSchema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(cardSettingsSchema, request.body);
      const updated = await changeCardSettings(deps, user.id, input);
      reply.header('cache-control', 'no-store');
      return updated;
    },
  );

  app.put(
    '/auth/profile/links/',
    doc({
      summary:
        'Replace the card’s links with this ordered list (an `id` keeps a link; one left out is deleted)',
      auth: 'user',
      body: linksUpdateSchema,
      bodyLimit: 64 * 1024,
      responses: {
        200: { description: 'The profile with its new links.', schema: userSchema },
        404: 'An id is not one of the caller’s links (nothing changed).',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(linksUpdateSchema, request.body);
      const links = await replaceLinks(deps, user, input);
      reply.header('cache-control', 'no-store');
      return toUser(user, links);
    },
  );

  app.get<{ Params: { username: string } }>(
    '/auth/public-profile/:username/',
    doc({
      summary: 'Someone’s public business card',
      params: { username: usernameField },
      responses: {
        200: {
          description: 'The public profile (a private one only to its signed-in owner).',
          schema: publicProfileAnswerSchema,
        },
        404: 'No such user, or a private card and the caller is not its owner.',
      },
    }),
    async (request, reply) => {
      const viewer = await request.currentUser();
      const card = await viewCard(deps.db, request.params.username, viewer?.id);
      reply.header('cache-control', cardCacheControl(card));
      return { ...card.profile, ...socialFieldsOf(card.profile.links) };
    },
  );

  app.get<{ Params: { username: string } }>(
    '/auth/public-profile/:username/vcard/',
    doc({
      summary: 'Someone’s contact as a vCard file',
      params: { username: usernameField },
      produces: 'text/vcard',
      responses: {
        200: 'The .vcf file.',
        404: 'No such user, or a private card and the caller is not its owner.',
      },
    }),
    async (request, reply) => {
      const viewer = await request.currentUser();
      const card = await publicVCard(deps.db, deps.storage, request.params.username, viewer?.id);
      // A contact saved: its source is the page's `?via=`, passed on by the card page's script.
      if (request.method === 'GET') {
        deps.insights.record(cardEventOf(deps.secret, request, 'save', card.profile.username));
      }
      const file = vcardFileName(card.profile.first_name, card.profile.last_name);
      return reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${file.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
        )
        .header('cache-control', cardCacheControl(card))
        .send(card.text);
    },
  );
};

/**
 * The module's routes entry: its API under /api (the profile's form reads a photo; the card's preview
 * picture is outside the forms' scope) and, beside it, the card page's link buttons, which are no API.
 */
export const profilesRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (site, options) => {
  await site.register(apiRoutes(profilesApi, { forms: true }), options);
  await site.register(apiRoutes(cardImageRoutes), options);
  await site.register(cardLinkRoutes, options);
};
