import { describe, expect, it, vi } from 'vitest';
import { runWithRefreshLock } from './session';

describe('the refresh lock across tabs', () => {
  it('runs the refresh under the browser lock when there is one', async () => {
    const names: string[] = [];
    const locks = {
      request<T>(name: string, task: () => Promise<T>) {
        names.push(name);
        return task();
      },
    };
    await expect(runWithRefreshLock(locks, async () => 'refreshed')).resolves.toBe('refreshed');
    expect(names).toEqual(['schirm-session-refresh']);
  });

  it('runs it without the lock when a frame of another site is refused the lock', async () => {
    const denied = {
      request: vi.fn(() => Promise.reject(new DOMException('The request was denied.', 'SecurityError'))),
    };
    const task = vi.fn(async () => 'refreshed');
    await expect(runWithRefreshLock(denied, task)).resolves.toBe('refreshed');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run a refresh again that failed under the lock', async () => {
    const request = <T>(_name: string, task: () => Promise<T>) => task();
    const task = vi.fn(async () => {
      throw new Error('Sitzung abgelaufen');
    });
    await expect(runWithRefreshLock({ request }, task)).rejects.toThrow('Sitzung abgelaufen');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it directly where the browser has no locks', async () => {
    await expect(runWithRefreshLock(undefined, async () => 'refreshed')).resolves.toBe('refreshed');
  });
});
