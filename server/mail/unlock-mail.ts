import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { layout, text } from './templates.ts';

/** To the owner when the sign-ins to their account are locked after many wrong passwords. */
export function unlockMail(to: string, firstName: string, url: string): MailMessage {
  const lines = [
    `Hello ${firstName || 'there'},`,
    'There were many failed attempts to sign in to your account, so we paused sign-ins to it from devices you have not used before. Your password was not changed and nobody signed in.',
    'If you want to sign in now, open the link below on the device you use and press the button: that device can then sign in with your password as usual. The link works once, for 24 hours. If the attempts were not yours, consider choosing a stronger password.',
  ];
  return {
    to,
    subject: `Sign-in to your ${company.name} account was paused`,
    text: text(lines, url),
    html: layout('Sign-in to your account was paused', lines, { label: 'Unlock sign-in', url }),
    link: url,
  };
}
