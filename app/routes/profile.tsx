import { useState } from 'react';
import { Link } from 'react-router';
import { contactCardOf } from '../../common/contact-card';
import { publicCardOf } from '../../common/profile-visibility';
import { buildVCard, vcardFileName } from '../../common/vcard';
import { company } from '../../content/company';
import type { Address } from '../../server/modules/addresses/responses';
import { PageHeader } from '../components/page-header/PageHeader';
import { AddressBook } from '../components/profile/AddressBook';
import { CardSettings } from '../components/profile/CardSettings';
import { Contacts } from '../components/profile/Contacts';
import { Insights } from '../components/profile/Insights';
import { LinksEditor } from '../components/profile/LinksEditor';
import { MyCards } from '../components/profile/MyCards';
import { OrderHistory } from '../components/profile/OrderHistory';
import { PendingEmailNotice } from '../components/profile/PendingEmailNotice';
import { ProfileCard } from '../components/profile/ProfileCard';
import { ProfileForm } from '../components/profile/ProfileForm';
import { QrDialog } from '../components/profile/QrDialog';
import { useAuth } from '../lib/auth';
import { downloadFile, vcardOf } from '../lib/contact-card';
import { loadOwnProfile } from '../lib/profiles.server';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: `Profile | ${company.name}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOwnProfile(request, context);
}

/** The signed-in user's own intro card: view, edit, export as vCard or QR code, and their addresses. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const auth = useAuth();
  // The page is rendered with the user from the session; after a save the auth state holds the newer one.
  const user = auth.user ?? loaderData.user;
  const [addresses, setAddresses] = useState<Address[]>(loaderData.addresses);
  const [editing, setEditing] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const { busy: exporting, run } = useWrite();
  const latest = addresses[0];
  // The file and the code are handed to others: they carry what the public card shows, no more.
  const card = publicCardOf(user);
  const publicLink = new URL(`/profile/${user.username}`, loaderData.publicUrl).href;
  // What the codes hand on: the permanent address, which keeps working if the username changes.
  const cardUrl = new URL(user.card_path, loaderData.publicUrl).href;

  async function downloadVCard() {
    // Made in the browser, no API call; still a write's busy button and failure toast.
    await run(
      async () =>
        downloadFile(
          vcardFileName(user.first_name, user.last_name),
          await vcardOf(card),
          'text/vcard;charset=utf-8',
        ),
      { failed: () => ({ message: 'The contact file could not be made. Please try again.' }) },
    );
  }

  const actions = (
    <>
      <button type="button" className="button button-outline" onClick={downloadVCard} disabled={exporting}>
        VCF
      </button>
      <button type="button" className="button button-outline" onClick={() => setQrOpen(true)}>
        QR
      </button>
      <button type="button" className="button" onClick={() => setEditing(true)}>
        Edit
      </button>
    </>
  );

  return (
    <>
      <PageHeader title="Profile" />
      <section className="container section profile-page">
        {editing ? (
          <ProfileForm
            user={user}
            onCancel={() => setEditing(false)}
            onSaved={(updated) => {
              auth.setUser(updated);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <PendingEmailNotice user={user} onChange={auth.setUser} />
            <ProfileCard
              person={user}
              address={latest}
              actions={actions}
              owner={{ publicFields: user.public_fields, private: user.profile_private }}
            />
            <p className="profile-public-link muted">
              {/* The card page is a plain document (no React on the client): a full page load. */}
              <Link
                to={`/profile/${user.username}`}
                reloadDocument
                className="button button-outline button-small"
              >
                View my card page
              </Link>{' '}
              <span className="public-link-url">{publicLink}</span>
              {user.profile_private && (
                <span className="profile-visibility-tag">Private: only you can open it</span>
              )}
            </p>
          </>
        )}
        <CardSettings user={user} pageUrl={publicLink} onSaved={auth.setUser} />
        <LinksEditor user={user} onSaved={auth.setUser} />
        <Insights user={user} initial={loaderData.insights} onSaved={auth.setUser} />
        <Contacts first={loaderData.contacts} />
        <MyCards
          initial={loaderData.cards}
          claimSerial={loaderData.claimSerial}
          claimTicket={loaderData.claimTicket}
        />
        <AddressBook addresses={addresses} onChange={setAddresses} />
        <OrderHistory first={loaderData.orders} />
        <QrDialog
          open={qrOpen}
          onClose={() => setQrOpen(false)}
          vcard={buildVCard({ ...contactCardOf(card), profileUrl: cardUrl }, { forQrCode: true })}
          profileUrl={cardUrl}
          via={loaderData.qrVia}
        />
      </section>
    </>
  );
}
