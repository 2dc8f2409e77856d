/**
 * A map's members (SPEC §3 Map authorised users, §6): registered users the owner shares the map
 * with, who then read and edit it as the owner does (map-access.ts). Only the owner adds and
 * removes members; a member may leave. The owner and the members see the list.
 *
 * A change of members is a write of the map (map-write.ts): it locks the map, moves its version on
 * and is announced to the map's viewers, because what each user may do with the map (the
 * document's `canEdit`, or reading a private map at all) changed with it: a new member's open page
 * turns editable, a removed member's refetch meets the 404.
 */
import { DomainError, type MapMember } from '@catchment/domain';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { MapMemberRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import type { MapRef } from './map-ref.js';
import { assertAllowed, readableMap } from './map-access.js';
import { writeToMap, writeToMapIfChanged } from './map-write.js';

export class MapMembersService {
  constructor(private readonly store: MapStore, private readonly clients: ClientsRepository) {}

  /** The members, for the owner and the members (403 to other readers of a public map, 404 to the rest). */
  async list(ref: MapRef, clientId: number | undefined): Promise<MapMember[]> {
    const { map, role } = await readableMap(this.store, ref, clientId);
    assertAllowed(map, role, 'edit');
    return (await this.store.maps.listMembers(map.id)).map(toMapMember);
  }

  /**
   * The owner makes the registered user of `email` (any case) a member. `created` is false when
   * they were one already: the answer is the same member, and the map does not change.
   */
  async add(ref: MapRef, clientId: number, email: string): Promise<{ member: MapMember; created: boolean }> {
    const user = await this.clients.findByEmail(email);
    const { value: member, changed } = await writeToMapIfChanged(this.store, { ref, clientId, expectedVersion: undefined, right: 'own' }, async (tx, map) => {
      // Checked after the rights: a stranger learns nothing of which addresses have an account.
      if (!user) throw new DomainError('mapMemberUnknown', { details: { email } });
      if (user.id === map.owner_id) throw new DomainError('mapMemberIsOwner');
      const changed = await tx.maps.addMember(map.id, user.id);
      return { value: (await tx.maps.findMember(map.id, user.id))!, changed };
    });
    return { member: toMapMember(member), created: changed };
  }

  /** The owner removes a member, or a member leaves (removes themself). */
  async remove(ref: MapRef, clientId: number, memberId: number): Promise<void> {
    const right = memberId === clientId ? 'edit' : 'own';
    const { map } = await writeToMap(this.store, { ref, clientId, expectedVersion: undefined, right }, async (tx, current) => {
      if (!(await tx.maps.removeMember(current.id, memberId))) throw new DomainError('mapMemberNotFound');
    });
    // Their sockets stop following a private map at once, on every API process.
    this.store.announceAccessChange(map.id);
  }
}

function toMapMember(row: MapMemberRow): MapMember {
  return {
    clientId: row.client_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    addedAt: new Date(row.added_at).toISOString(),
  };
}
