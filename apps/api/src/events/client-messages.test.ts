import { describe, expect, it } from 'vitest';
import { mapRefKey, mapRefOf, parseClientMessage } from './client-messages.js';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('parseClientMessage', () => {
  it('reads a join or a leave by id or accessId', () => {
    expect(parseClientMessage(text('{"type":"join","mapId":12}'), false)).toEqual({ type: 'join', mapId: 12 });
    expect(parseClientMessage(text('{"type":"leave","mapId":"aB3_-xYz9Qw1"}'), false)).toEqual({ type: 'leave', mapId: 'aB3_-xYz9Qw1' });
    expect(parseClientMessage([text('{"type":"jo'), text('in","mapId":"5"}')], false)).toEqual({ type: 'join', mapId: '5' });
  });

  it('reads nothing from anything else', () => {
    for (const bad of ['', 'join', '{}', '{"type":"join"}', '{"type":"join","mapId":0}', '{"type":"join","mapId":1.5}',
      '{"type":"join","mapId":"../x"}', '{"type":"join","mapId":{"id":1}}', '{"type":"delete","mapId":1}', '[1]']) {
      expect(parseClientMessage(text(bad), false), bad).toBeUndefined();
    }
    expect(parseClientMessage(text('{"type":"join","mapId":1}'), true)).toBeUndefined();
  });
});

describe('map references', () => {
  it('reads a reference as the REST path does: digits are an id, whether sent as a number or a string', () => {
    expect(mapRefOf(12)).toEqual({ id: 12 });
    expect(mapRefOf('12')).toEqual({ id: 12 });
    expect(mapRefOf('aB3_-xYz9Qw1')).toEqual({ accessId: 'aB3_-xYz9Qw1' });
    expect(mapRefKey(mapRefOf(12))).toBe(mapRefKey(mapRefOf('12')));
    expect(mapRefKey(mapRefOf('12'))).not.toBe(mapRefKey(mapRefOf('x12')));
  });
});
