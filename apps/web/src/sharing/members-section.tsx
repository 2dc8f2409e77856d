/**
 * The map's members (SPEC §2 share dialog "add users by email", §6): registered users who open and
 * edit the map as its owner does. The owner adds one by the e-mail address of their account (the
 * server says when no account has it) and removes one after a confirmation; members see the list,
 * and may leave the map after a confirmation (use-leave-map.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMember } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf } from '../api/field-errors.js';
import { initials } from '../app/user-menu.js';
import { useLeaveMap } from './use-leave-map.js';
import { useMapMembers } from './use-map-members.js';

interface MembersSectionProps {
  mapId: number;
  /** Whether anyone may read the map: a member who leaves it may still view it. */
  isPublic: boolean;
  /** The owner adds and removes members; the members see them, and may leave. */
  manage: boolean;
  /** The signed-in user, marked as "you" in the list. */
  userId: number | undefined;
}

export function MembersSection({ mapId, isPublic, manage, userId }: MembersSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const { members, add, remove } = useMapMembers(mapId);
  const [added, setAdded] = useState<MapMember | null>(null);

  return (
    <section className="share-section" aria-labelledby={`${id}-title`} data-testid="share-members">
      <h3 className="share-section-title" id={`${id}-title`}>{t('share.members.title')}</h3>
      <p className="share-note muted">{manage ? t('share.members.intro') : t('share.members.ownerManages')}</p>
      {manage && <AddMemberForm add={add} onAdded={setAdded} />}
      <p className="share-note share-success" role="status" data-testid="share-member-added">
        {added && t('share.members.added', { name: memberName(added) })}
      </p>
      {members.isPending && <p className="share-note muted">{t('app.loading')}</p>}
      {members.isError && (
        <div className="share-note" role="alert">
          {t('share.members.loadError')}{' '}
          <button type="button" className="button button-link" onClick={() => void members.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {members.data?.length === 0 && <p className="share-note muted" data-testid="share-members-empty">{t('share.members.empty')}</p>}
      {members.data && members.data.length > 0 && (
        <ul className="member-list" aria-labelledby={`${id}-title`}>
          {members.data.map((member) => (
            <MemberItem key={member.clientId} member={member} you={member.clientId === userId} manage={manage}
              removing={remove.isPending && remove.variables === member.clientId}
              onRemove={() => { setAdded(null); remove.mutate(member.clientId); }} />
          ))}
        </ul>
      )}
      {remove.isError && <p className="field-error" role="alert">{errorMessage(remove.error, t('share.members.removeFailed'))}</p>}
      {!manage && userId !== undefined && <LeaveMap mapId={mapId} userId={userId} isPublic={isPublic} />}
    </section>
  );
}

/** "Leave this map", then what leaving means and the choice to stay; the server's refusal said as it words it. */
function LeaveMap({ mapId, userId, isPublic }: { mapId: number; userId: number; isPublic: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveMap(mapId, userId);

  if (!confirming) {
    return (
      <div className="member-leave">
        <button type="button" className="button button-danger-ghost" onClick={() => { leave.reset(); setConfirming(true); }} data-testid="share-leave">
          {t('share.leave.open')}
        </button>
      </div>
    );
  }
  return (
    <div className="member-leave member-leave-confirm" role="group" aria-labelledby={`${id}-question`} aria-describedby={`${id}-effect`} data-testid="share-leave-confirmation">
      <p className="member-leave-question" id={`${id}-question`}><strong>{t('share.leave.question')}</strong></p>
      <p className="share-note" id={`${id}-effect`}>{isPublic ? t('share.leave.effectPublic') : t('share.leave.effect')}</p>
      <div className="member-leave-actions">
        <button type="button" className="button button-small" disabled={leave.isPending} onClick={() => setConfirming(false)} autoFocus data-testid="share-leave-cancel">
          {t('app.cancel')}
        </button>
        <button type="button" className="button button-small button-danger" disabled={leave.isPending} onClick={() => leave.mutate()} data-testid="share-leave-confirm">
          {leave.isPending ? t('share.leave.leaving') : t('share.leave.confirm')}
        </button>
      </div>
      {leave.isError && <p className="field-error" role="alert" data-testid="share-leave-error">{errorMessage(leave.error, t('share.leave.failed'))}</p>}
    </div>
  );
}

function AddMemberForm({ add, onAdded }: { add: ReturnType<typeof useMapMembers>['add']; onAdded(member: MapMember | null): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdded(null);
    add.mutate(email.trim(), { onSuccess: (member) => { setEmail(''); onAdded(member); } });
  };
  const error = add.isError ? fieldErrorsOf(add.error).email ?? errorMessage(add.error, t('share.members.addFailed')) : null;

  return (
    <form className="member-add" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${id}-email`}>{t('share.members.email')}</label>
      <input id={`${id}-email`} type="email" required autoComplete="off" placeholder={t('share.members.emailPlaceholder')}
        value={email} onChange={(event) => { setEmail(event.target.value); add.reset(); }}
        aria-invalid={error !== null} aria-describedby={error ? `${id}-error` : undefined} data-testid="share-member-email" />
      <button type="submit" className="button button-primary" disabled={add.isPending || email.trim() === ''} data-testid="share-member-add">
        {add.isPending ? t('share.members.adding') : t('share.members.add')}
      </button>
      {error && <p className="field-error member-add-error" id={`${id}-error`} role="alert" data-testid="share-member-error">{error}</p>}
    </form>
  );
}

interface MemberItemProps { member: MapMember; you: boolean; manage: boolean; removing: boolean; onRemove(): void }

function MemberItem({ member, you, manage, removing, onRemove }: MemberItemProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const name = memberName(member);

  return (
    <li className="member" data-testid="share-member">
      <span className="avatar" aria-hidden="true">{initials(member)}</span>
      <span className="member-who">
        <strong>{name}{you && ` (${t('share.members.you')})`}</strong>
        <span className="muted">{member.email}</span>
      </span>
      {manage && !confirming && (
        <button type="button" className="button button-small button-danger-ghost" disabled={removing}
          aria-label={t('share.members.removeNamed', { name })} onClick={() => setConfirming(true)} data-testid="share-member-remove">
          {t('share.members.remove')}
        </button>
      )}
      {manage && confirming && (
        <span className="member-confirm" role="group" aria-label={t('share.members.confirmRemove', { name })}>
          <span>{t('share.members.confirmRemove', { name })}</span>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)} autoFocus>{t('app.cancel')}</button>
          <button type="button" className="button button-small button-danger" data-testid="share-member-remove-confirm"
            onClick={() => { setConfirming(false); onRemove(); }}>
            {t('share.members.remove')}
          </button>
        </span>
      )}
    </li>
  );
}

function memberName(member: MapMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
