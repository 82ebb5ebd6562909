import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { PasswordForm } from './password-form.tsx';
import { PermissionsPanel } from './permissions-panel.tsx';
import { TwoFactorPanel } from './two-factor-panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { ProfileForm } from './profile-form.tsx';
import { RoleBadge } from '../../../shared/ui/role-badge.tsx';
import { SessionList } from '../../../shared/sessions/session-list.tsx';
import { SESSIONS_KEY } from '../../../shared/sessions/sessions-api.ts';

export interface ProfileDialogProps {
  show: boolean;
  onHide: () => void;
  /** The signed-in user; nothing shows without one. */
  user: User | null;
  /** Called with the saved user after a successful profile update, so every place that shows the user can update. */
  onUserUpdated: (user: User) => void;
}

type TabKey = 'profile' | 'security' | 'permissions';

const AVATAR_STYLE = { width: '3rem', height: '3rem' } as const;

function initials(user: User): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

/**
 * 'My Profile' (spec §2, §4, §5): profile information, security (password, and the sessions signed in: issue 37 item 5)
 * and permissions. The content lives only
 * while the dialog is open, so closing it drops errors and typed passwords and the next opening starts on the
 * profile tab.
 */
export function ProfileDialog({ show, onHide, user, onUserUpdated }: ProfileDialogProps) {
  const id = useId();
  return (
    <Modal show={show && user !== null} onHide={onHide} scrollable aria-labelledby={`${id}-title`} className="profile-dialog">
      {user && <ProfileDialogContent titleId={`${id}-title`} user={user} onHide={onHide} onUserUpdated={onUserUpdated} />}
    </Modal>
  );
}

interface ContentProps {
  titleId: string;
  user: User;
  onHide: () => void;
  onUserUpdated: (user: User) => void;
}

function ProfileDialogContent({ titleId, user, onHide, onUserUpdated }: ContentProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('profile');

  function onSaved(saved: User) {
    onUserUpdated(saved);
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    onHide();
  }

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          My Profile
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex align-items-center gap-3 mb-3">
          <div
            className="rounded-circle bg-primary-subtle text-primary-emphasis fw-semibold d-flex align-items-center justify-content-center flex-shrink-0"
            style={AVATAR_STYLE}
            aria-hidden="true"
          >
            {initials(user)}
          </div>
          <div style={{ minWidth: 0 }}>
            <div className="fw-semibold text-truncate">{displayName(user)}</div>
            <div className="small text-body-secondary text-truncate">{user.email}</div>
          </div>
          <div className="ms-auto">
            <RoleBadge role={user.role} />
          </div>
        </div>
        <Tabs id={`${id}-tabs`} activeKey={tab} onSelect={(key) => setTab((key as TabKey | null) ?? 'profile')} className="mb-3" mountOnEnter>
          <Tab eventKey="profile" title="Profile Information">
            <ProfileForm user={user} onSaved={onSaved} onCancel={onHide} />
          </Tab>
          <Tab eventKey="security" title="Security">
            <PasswordForm
              email={user.email}
              onChanged={() => {
                // A new password ends every other session: the list below is read again.
                void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
                setTab('profile');
              }}
              onCancel={onHide}
            />
            <section className="border-top mt-4 pt-3" aria-labelledby={`${id}-two-factor`}>
              <h3 id={`${id}-two-factor`} className="h6">
                Two-factor authentication
              </h3>
              <TwoFactorPanel email={user.email} />
            </section>
            <section className="border-top mt-4 pt-3" aria-labelledby={`${id}-passkeys`}>
              <h3 id={`${id}-passkeys`} className="h6">
                Passkeys
              </h3>
              <PasskeysPanel email={user.email} />
            </section>
            <section className="border-top mt-4 pt-3" aria-labelledby={`${id}-sessions`}>
              <h3 id={`${id}-sessions`} className="h6">
                Your sessions
              </h3>
              <p className="small text-body-secondary">Where you are signed in now. Sign out a device you no longer use, or every device but this one.</p>
              <SessionList target={{ kind: 'own' }} />
            </section>
          </Tab>
          <Tab eventKey="permissions" title="Permissions">
            <PermissionsPanel user={user} />
          </Tab>
        </Tabs>
      </Modal.Body>
    </>
  );
}
