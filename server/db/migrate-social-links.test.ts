import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';
import { databaseMigratedTo, migrateWith, rowsOf } from '../test/migrations-up-to.ts';

const opened = databaseMigratedTo(10);

describe('migrations 0011 and 0012 on accounts made before the intro card', () => {
  it('turn the six social fields into ordered links and show_email into a switch, losing nothing', async () => {
    const database = opened();
    const rows = await rowsOf<{ id: number }>(
      database,
      sql`
      INSERT INTO users (username, email, password_hash, first_name, phone, company, job_title, bio,
        facebook, instagram, twitter, youtube, github, linkedin, show_email)
      VALUES
        ('shows-mail', 'a@example.test', 'x', 'Ada', '+1 555 0100', 'Engines', 'Programmer', 'Bio',
         'https://facebook.com/ada', '', '  https://x.com/ada ', '', 'https://github.com/ada',
         'https://linkedin.com/in/ada', true),
        ('hides-mail', 'b@example.test', 'x', 'Bob', '', '', '', '', '', '', '', '', '', '', false)
      RETURNING id`,
    );
    const [ada, bob] = rows.map((row) => Number(row.id));

    await migrateWith(database, migrationsFolder);

    const links = await rowsOf<{
      user_id: number;
      position: number;
      title: string;
      url: string;
      icon: string;
      enabled: boolean;
    }>(
      database,
      sql`SELECT user_id, position, title, url, icon, enabled FROM profile_links ORDER BY user_id, position`,
    );
    expect(links).toEqual([
      {
        user_id: ada,
        position: 0,
        title: 'Facebook',
        url: 'https://facebook.com/ada',
        icon: 'facebook',
        enabled: true,
      },
      {
        user_id: ada,
        position: 2,
        title: 'X (Twitter)',
        url: 'https://x.com/ada',
        icon: 'twitter',
        enabled: true,
      },
      {
        user_id: ada,
        position: 4,
        title: 'GitHub',
        url: 'https://github.com/ada',
        icon: 'github',
        enabled: true,
      },
      {
        user_id: ada,
        position: 5,
        title: 'LinkedIn',
        url: 'https://linkedin.com/in/ada',
        icon: 'linkedin',
        enabled: true,
      },
    ]);
    const accounts = await rowsOf<{
      id: number;
      public_fields: string[];
      phone: string;
      company: string;
    }>(database, sql`SELECT id, public_fields, phone, company FROM users ORDER BY id`);
    expect(accounts).toEqual([
      {
        id: ada,
        public_fields: ['email', 'phone', 'company', 'job_title', 'location', 'bio'],
        phone: '+1 555 0100',
        company: 'Engines',
      },
      {
        id: bob,
        public_fields: ['phone', 'company', 'job_title', 'location', 'bio'],
        phone: '',
        company: '',
      },
    ]);
    const columns = await rowsOf<{ column_name: string }>(
      database,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`,
    );
    const names = columns.map((row) => row.column_name);
    for (const dropped of ['facebook', 'github', 'linkedin', 'show_email'])
      expect(names).not.toContain(dropped);
  });
});
