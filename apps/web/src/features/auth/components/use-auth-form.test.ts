import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { type Check, requiredCheck, sameAsCheck, schemaCheck, useAuthForm } from './use-auth-form';

type Form = { username: string; password: string; confirm: string; captcha: string };
const empty: Form = { username: '', password: '', confirm: '', captcha: '' };
const type = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

function setup(captchaOn = true) {
  return renderHook(
    ({ on }: { on: boolean }) =>
      useAuthForm<Form>(empty, {
        username: schemaCheck('loginBodySchema', 'username'),
        password: schemaCheck('registerBodySchema', 'password'),
        confirm: sameAsCheck('password', 'mismatch'),
        captcha: on ? (requiredCheck('required') as Check<Form>) : undefined,
      }),
    { initialProps: { on: captchaOn } },
  );
}

describe('useAuthForm', () => {
  it('reports every failing field with the contract message, and submits nothing', async () => {
    const { result } = setup();
    let submitted = false;
    await act(async () => {
      await result.current.onSubmit(() => {
        submitted = true;
      })({ preventDefault() {} } as never);
    });
    expect(submitted).toBe(false);
    const failing = (Object.keys(result.current.errors) as (keyof Form)[]).filter(
      (k) => result.current.errors[k],
    );
    expect(failing.sort()).toEqual(['captcha', 'password', 'username']);
    expect(result.current.errors.captcha).toBe('required');
  });

  it('submits the latest values once every check passes; confirm must equal password', async () => {
    const { result } = setup();
    act(() => {
      result.current.bind('username').onChange(type('alice'));
      result.current.bind('password').onChange(type('password123'));
      result.current.bind('confirm').onChange(type('password12'));
      result.current.bind('captcha').onChange(type('k7m2'));
    });
    await act(async () => {
      expect(await result.current.validate()).toBe(false);
    });
    expect(result.current.errors.confirm).toBe('mismatch');
    act(() => result.current.bind('confirm').onChange(type('password123')));
    let submitted: Form | undefined;
    await act(async () => {
      await result.current.onSubmit((v) => {
        submitted = v;
      })({ preventDefault() {} } as never);
    });
    expect(submitted).toEqual({
      username: 'alice',
      password: 'password123',
      confirm: 'password123',
      captcha: 'k7m2',
    });
    expect(result.current.errors.confirm).toBeUndefined();
  });

  it('skips a field whose check is switched off (captchas disabled)', async () => {
    const { result } = setup(false);
    act(() => {
      result.current.bind('username').onChange(type('alice'));
      result.current.bind('password').onChange(type('password123'));
      result.current.bind('confirm').onChange(type('password123'));
    });
    await act(async () => {
      expect(await result.current.validate()).toBe(true);
    });
  });
});
