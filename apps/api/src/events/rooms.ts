/**
 * Rooms of the real-time channel: every socket of a user is in `user:<clientId>` (their downloads),
 * and the sockets following a map are in `map:<mapId>` (its list-sync events). Rooms are named by
 * the map's integer id, whatever reference the client joined with, so that id and accessId meet.
 */
export const userRoom = (clientId: number): string => `user:${clientId}`;
export const mapRoom = (mapId: number): string => `map:${mapId}`;

/** Who is in which room, both ways, so that a leaving member is removed everywhere at once. */
export class Rooms<Member> {
  private readonly membersByRoom = new Map<string, Set<Member>>();
  private readonly roomsByMember = new Map<Member, Set<string>>();

  join(room: string, member: Member): void {
    getOrCreate(this.membersByRoom, room).add(member);
    getOrCreate(this.roomsByMember, member).add(room);
  }

  leave(room: string, member: Member): void {
    removeFrom(this.membersByRoom, room, member);
    removeFrom(this.roomsByMember, member, room);
  }

  leaveAll(member: Member): void {
    for (const room of this.roomsByMember.get(member) ?? []) removeFrom(this.membersByRoom, room, member);
    this.roomsByMember.delete(member);
  }

  members(room: string): Member[] {
    return [...(this.membersByRoom.get(room) ?? [])];
  }
}

function getOrCreate<K, V>(index: Map<K, Set<V>>, key: K): Set<V> {
  let values = index.get(key);
  if (!values) index.set(key, values = new Set());
  return values;
}

/** Removes a value and drops its set once empty, so that rooms nobody is in cost nothing. */
function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const values = index.get(key);
  if (!values) return;
  values.delete(value);
  if (values.size === 0) index.delete(key);
}
