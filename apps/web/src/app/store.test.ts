import { afterEach, describe, expect, it } from 'vitest';
import { loggedOut, signedIn } from './auth-slice';
import { makeStore } from './store';

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** A store as one tab of the app makes it, on a channel shared with the other "tabs" of this test. */
function tabStore(name: string) {
  const channel = new BroadcastChannel(name);
  channels.push(channel);
  const { store } = makeStore({ channel });
  store.dispatch(
    signedIn({
      accessToken: 'a0',
      refreshToken: 'r0',
      user: { name: 'Avery Quinn', email: 'avery.quinn@example.com', profile_picture: '' },
      provider: 'google',
    }),
  );
  return store;
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};

describe('the tabs of one browser', () => {
  it('take the pair another tab refreshed from the channel', async () => {
    const first = tabStore('tabs-refresh');
    const second = tabStore('tabs-refresh');
    const sender = new BroadcastChannel('tabs-refresh');
    channels.push(sender);
    sender.postMessage({ type: 'refreshed', accessToken: 'a1', refreshToken: 'r1' });
    await until(() => first.getState().auth.refreshToken === 'r1');
    await until(() => second.getState().auth.accessToken === 'a1');
    // Anything else on the channel is ignored.
    sender.postMessage({ type: 'refreshed', accessToken: 42 });
    sender.postMessage('hello');
    await new Promise((r) => setTimeout(r, 50));
    expect(first.getState().auth).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('all end the session when one logs out, and none tells the others twice', async () => {
    const first = tabStore('tabs-logout');
    const second = tabStore('tabs-logout');
    const heard: unknown[] = [];
    const observer = new BroadcastChannel('tabs-logout');
    channels.push(observer);
    observer.onmessage = (event) => heard.push(event.data);

    first.dispatch(loggedOut());
    await until(() => second.getState().auth.refreshToken === null);
    expect(second.getState().auth.user).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([{ type: 'logged-out' }]);
  });

  it('all learn that the account was deleted, and forget it at the next sign-in', async () => {
    const first = tabStore('tabs-deleted');
    const second = tabStore('tabs-deleted');
    first.dispatch(loggedOut({ isFromOtherTab: false, reason: 'account-deleted' }));
    expect(first.getState().signOut.reason).toBe('account-deleted');
    await until(() => second.getState().auth.refreshToken === null);
    expect(second.getState().signOut.reason).toBe('account-deleted');
    expect(localStorage.getItem('accessToken')).toBeNull();
    second.dispatch(
      signedIn({
        accessToken: 'a2',
        refreshToken: 'r2',
        user: { name: 'Avery Quinn', email: 'avery.quinn@example.com', profile_picture: '' },
        provider: 'google',
      }),
    );
    expect(second.getState().signOut.reason).toBeNull();
  });
});
