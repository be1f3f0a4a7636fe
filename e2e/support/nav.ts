/**
 * The pro menu folds its groups (only the current page's opens on arrival): a journey that follows
 * a menu link in another group opens that group first, as a user does.
 */
import type { Page } from 'playwright-core';

export async function clickMenuLink(page: Page, group: string, link: string): Promise<void> {
  const nav = page.getByRole('navigation');
  const toggle = nav.getByRole('button', { name: new RegExp(`^${group}`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}
