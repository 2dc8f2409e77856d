import { describe, expect, it } from 'vitest';
import { mapRoom, Rooms, userRoom } from './rooms.js';

describe('Rooms', () => {
  it('names a user room and a map room by their integer ids', () => {
    expect(userRoom(7)).toBe('user:7');
    expect(mapRoom(12)).toBe('map:12');
  });

  it('lists the members of a room, and a member leaves one room or all of them', () => {
    const rooms = new Rooms<string>();
    rooms.join('map:1', 'ada');
    rooms.join('map:1', 'bob');
    rooms.join('map:2', 'ada');
    rooms.join('map:1', 'ada');
    expect(rooms.members('map:1').sort()).toEqual(['ada', 'bob']);
    expect(rooms.members('map:2')).toEqual(['ada']);

    rooms.leave('map:1', 'bob');
    expect(rooms.members('map:1')).toEqual(['ada']);

    rooms.leaveAll('ada');
    expect(rooms.members('map:1')).toEqual([]);
    expect(rooms.members('map:2')).toEqual([]);
  });

  it('ignores leaving a room one is not in', () => {
    const rooms = new Rooms<string>();
    rooms.leave('map:9', 'ada');
    rooms.leaveAll('ada');
    expect(rooms.members('map:9')).toEqual([]);
  });
});
