import { describe, expect, it } from 'vitest';
import { mailFor, pushPayloadFor } from './content';

/** Friends mode: likes and matches from the Friends deck say so; dating ones read as before. */
describe('notification words per deck', () => {
  it('names a friends match and a friends like, on the lock screen and in mail', () => {
    const match = { kind: 'match' as const, matchId: 'm-1', otherName: 'Gwen', friends: true };
    expect(pushPayloadFor(match)).toMatchObject({
      title: 'New friend match!',
      body: 'You and Gwen want to be friends. Say hello.',
    });
    expect(mailFor(match, 'https://steep.test').subject).toBe('You have a new friend match on Steep');
    const like = { kind: 'like' as const, likerName: 'Gwen', superLike: false, friends: true };
    expect(pushPayloadFor(like)).toMatchObject({
      title: 'Gwen liked you as a friend',
      body: 'Like back in the Friends deck to match.',
    });
    expect(mailFor({ ...like, likerName: null }, 'https://steep.test').subject).toBe(
      'Someone liked you as a friend on Steep',
    );
  });

  it('keeps the dating words', () => {
    expect(pushPayloadFor({ kind: 'match', matchId: 'm-2', otherName: 'Ana' }).title).toBe("It's a match!");
    expect(pushPayloadFor({ kind: 'like', likerName: null, superLike: true }).title).toBe('Someone super liked you');
    expect(mailFor({ kind: 'like', likerName: 'Ana', superLike: false }, 'https://steep.test').subject).toBe(
      'Ana liked you on Steep',
    );
  });
});
