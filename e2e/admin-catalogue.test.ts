import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, signedInContext } from './support/admin-session.ts';
import { launchChromium, PHONE } from './support/browser.ts';

const { baseUrl } = adminCredentials();

describe('catalogue management for superadmins', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('adds a therapist through the screen, keeping what was typed on a refused field, and lists it', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Therapists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Therapists' }).waitFor();

    await page.getByRole('button', { name: 'Add therapist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add therapist' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Nandita Rao');
    await dialog.getByLabel('Title').fill('Counselling Psychologist');
    await dialog.getByLabel('Specialization').fill('Stress, sleep');
    await dialog.getByLabel('Description').fill('Calm, practical sessions for busy lives.');
    // Folded under "More details": not needed for a first booking.
    await dialog.getByText('More details (optional)').click();
    await dialog.getByLabel('Qualifications').fill('M.A. Psychology');
    await dialog.getByLabel('Experience').fill('6 years of experience');
    await dialog.getByLabel('Price (₹)').fill('1750');
    await dialog.getByLabel('E-mail').fill('nandita.rao@example.com');
    await dialog.getByRole('group', { name: 'Services' }).getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The name lacks its prefix: the error shows next to the field, and nothing typed is lost.
    const prefixField = dialog.getByLabel('Prefix', { exact: true });
    await dialog.getByText('Write a prefix, such as Dr or Ms.').first().waitFor();
    expect(await prefixField.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Counselling Psychologist');
    expect(await dialog.getByLabel('Price (₹)').inputValue()).toBe('1750');

    await prefixField.fill('Ms');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: 'Nandita Rao' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Counselling Psychologist');
    expect(text).toContain('Online');
    expect(text).toContain('Active');
    expect(await row.getByRole('link', { name: 'Schedule of Nandita Rao' }).getAttribute('href')).toMatch(
      /^\/admin\/therapists\/\d+\/schedule$/,
    );

    const listed = (await (await fetch(`${baseUrl}/therapists`)).json()) as { name: string; bio: string }[];
    expect(listed.find((t) => t.name === 'Ms.Nandita Rao')?.bio).toBe(
      'Calm, practical sessions for busy lives.|M.A. Psychology|6 years of experience',
    );
    await context.close();
  });

  it('deactivates a service after a confirmation, on a phone', async () => {
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/services`);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service' });
    await dialog.getByLabel('Name').fill('E2E Mindfulness Circle');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Deactivate E2E Mindfulness Circle' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate service?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'E2E Mindfulness Circle' });
    await row.getByText('Inactive').waitFor();
    const services = (await (await fetch(`${baseUrl}/services`)).json()) as { name: string }[];
    expect(services.some((s) => s.name === 'E2E Mindfulness Circle')).toBe(false);
    await context.close();
  });
});
