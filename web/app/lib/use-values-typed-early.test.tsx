/** A field typed into before hydration keeps enabling its form: the state catches up with the DOM. */
import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useValuesTypedEarly } from './use-values-typed-early';

function SignIn({ keep }: { keep: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useValuesTypedEarly(form, keep ? { email: setEmail, password: setPassword } : {});
  return (
    <form ref={form}>
      <input name="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <input name="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      <button type="submit" disabled={!email || !password}>
        Se connecter
      </button>
    </form>
  );
}

// React's act() warns outside an environment that declares it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

async function typeThenHydrate(keep: boolean): Promise<HTMLButtonElement> {
  container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn keep={keep} />);
  document.body.append(container);
  // Typed (or autofilled) while the page was still only server HTML.
  for (const [name, value] of [
    ['email', 'agent@exemple.fr'],
    ['password', 'secret-123'],
  ] as const) {
    (container.querySelector(`input[name="${name}"]`) as HTMLInputElement).value = value;
  }
  const root = container;
  await act(async () => {
    hydrateRoot(root, <SignIn keep={keep} />, { onRecoverableError: () => {} });
  });
  return container.querySelector('button') as HTMLButtonElement;
}

describe('useValuesTypedEarly', () => {
  it('enables the button over fields filled before hydration', async () => {
    expect((await typeThenHydrate(true)).disabled).toBe(false);
  });

  it('is what makes the difference: without it the button stays disabled', async () => {
    expect((await typeThenHydrate(false)).disabled).toBe(true);
  });
});
