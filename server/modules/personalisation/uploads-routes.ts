import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { DESIGN_PICTURE_CAP } from '../../../common/card-design/personalisation.ts';
import { DESIGN_UPLOAD_MESSAGES } from '../../../common/messages/card-design.ts';
import { DESIGN_UPLOAD } from '../../../common/upload-fields.ts';
import { DESIGN_UPLOAD_KINDS } from '../../db/schema/personalisation.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import { readImageForm } from '../../http/multipart-form.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import type { ImageKind } from '../../storage/image-kind.ts';
import { countUpload } from '../../storage/image-upload.ts';
import { requireUser } from '../accounts/auth.ts';
import { createDesignUpload, designUploadPng } from './uploads.ts';

const uploadFieldsSchema = z.strictObject({
  kind: z.enum(DESIGN_UPLOAD_KINDS, { message: DESIGN_UPLOAD_MESSAGES.kind }),
});

const designUploadSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(DESIGN_UPLOAD_KINDS),
    width: z.number().int(),
    height: z.number().int(),
    url: z.string(),
    notice: z
      .string()
      .nullable()
      .describe('Said to the buyer when the picture was made smaller to be kept (at most 800 px and 1 MB).'),
  })
  .meta({ id: 'DesignUpload' });

/** How the form is read (its file field and the too-large message); the kind's own noun comes later. */
const FORM: ImageKind = { ...DESIGN_UPLOAD, storedSide: DESIGN_PICTURE_CAP.side };

/** Logos and signatures for printed cards: uploaded by a signed-in buyer, shown to nobody else. */
export const designUploadRoutes: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  app.post(
    '/design-uploads/',
    doc({
      summary: `Upload a logo or signature for a printed card (multipart: \`kind\` and the file in \`${DESIGN_UPLOAD.field}\`; JPEG, PNG or WebP, never SVG)`,
      auth: 'user',
      multipart: { fields: uploadFieldsSchema, fileField: DESIGN_UPLOAD.field },
      responses: {
        201: { description: 'The kept picture, re-encoded as PNG.', schema: designUploadSchema },
        413: 'The file is too large.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { fields, file } = await readImageForm(request, FORM, 'picture');
      const { kind } = parseInput(uploadFieldsSchema, fields);
      if (!file) {
        throw new AppError('bad_request', DESIGN_UPLOAD_MESSAGES.noFile, {
          [DESIGN_UPLOAD.field]: [DESIGN_UPLOAD_MESSAGES.noFile],
        });
      }
      await countUpload(db, user.id);
      const upload = await createDesignUpload(db, user.id, kind, file);
      return reply.status(201).header('cache-control', 'no-store').send(upload);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/design-uploads/:id.png',
    doc({
      summary: 'One of the caller’s uploaded logos or signatures, as PNG',
      auth: 'user',
      params: { id: idParam },
      produces: 'image/png',
      responses: { 200: 'The PNG.', 404: 'No such picture of the caller’s.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const id = idParam.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found', DESIGN_UPLOAD_MESSAGES.notFound);
      const png = await designUploadPng(db, user.id, id.data);
      // Never changed once kept, but only its owner's browser may keep a copy.
      reply.header('cache-control', 'private, max-age=86400');
      reply.type('image/png');
      return png;
    },
  );
};
