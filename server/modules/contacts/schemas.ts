import { z } from 'zod';
import { CONTACT_MESSAGES } from '../../../common/messages/contacts.ts';
import { pageNumber } from '../paging.ts';
import { search } from '../staff/list-query.ts';

/** `?q=` searches name, e-mail, phone, company and job title; `?page=` from 1. */
export const contactsQuerySchema = z.strictObject({ q: search, page: pageNumber.default(1) });

/** Deleting every contact at once must be meant: a bare DELETE (a stray call, a retried request) is refused. */
export const deleteAllContactsSchema = z.strictObject({
  confirm: z.literal(true, { error: CONTACT_MESSAGES.confirmDeleteAll }),
});
