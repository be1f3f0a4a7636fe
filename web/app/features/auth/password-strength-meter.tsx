/** The sign-up password meter: Faible / Moyen / Fort, the same rule the server applies. */
import { type PasswordStrength, passwordStrength, passwordStrengthLabel } from '@immoloupe/shared/accounts/password-strength';
import { NBSP } from '@immoloupe/shared/format';
import { Progress, Text } from '@mantine/core';

const LEVEL: Record<PasswordStrength, { value: number; color: string }> = {
  weak: { value: 33, color: 'red' },
  medium: { value: 66, color: 'yellow' },
  strong: { value: 100, color: 'teal' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const label = passwordStrengthLabel(strength);
  return (
    <div data-testid="password-strength" data-strength={strength}>
      <Progress
        value={LEVEL[strength].value}
        color={LEVEL[strength].color}
        size="sm"
        aria-label={`Solidité du mot de passe${NBSP}: ${label}`}
      />
      {/* The rule itself is the field's description: said once. */}
      <Text size="xs" c="dimmed" mt={4}>
        Solidité du mot de passe{NBSP}: <strong>{label}</strong>
      </Text>
    </div>
  );
}
