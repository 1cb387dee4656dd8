import { expect, open, test } from './support/fixtures.ts';

test.use({ viewport: { width: 375, height: 740 } });

const services = [
  'Cloud Solutions',
  'UI/UX Design',
  'Website Development',
  'Software Development',
  'AI & Automation',
  'Cybersecurity',
];

test('the side sheet opens, its submenus expand and collapse, Escape closes it', async ({ page }) => {
  await open(page, '/verify');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

  const servicesButton = sheet.getByRole('button', { name: 'Services' });
  await expect(servicesButton).toHaveAttribute('aria-expanded', 'false');
  await expect(sheet.getByRole('link', { name: 'Cloud Solutions' })).toBeHidden();
  await servicesButton.click();
  await expect(servicesButton).toHaveAttribute('aria-expanded', 'true');
  for (const name of services) await expect(sheet.getByRole('link', { name })).toBeVisible();
  await servicesButton.click();
  await expect(servicesButton).toHaveAttribute('aria-expanded', 'false');
  for (const name of services) await expect(sheet.getByRole('link', { name })).toBeHidden();

  const productsButton = sheet.getByRole('button', { name: 'Products' });
  await expect(productsButton).toHaveAttribute('aria-expanded', 'false');
  await productsButton.click();
  await expect(productsButton).toHaveAttribute('aria-expanded', 'true');
  await expect(sheet.getByRole('link', { name: 'Intro Card' })).toBeVisible();
  await productsButton.click();
  await expect(productsButton).toHaveAttribute('aria-expanded', 'false');
  await expect(sheet.getByRole('link', { name: 'Intro Card' })).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('following a link in the side sheet closes it', async ({ page }) => {
  await open(page, '/verify');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Services' }).click();
  await sheet.getByRole('link', { name: 'Cloud Solutions' }).click();
  await expect(page).toHaveURL(/\/services\/cloud-solutions$/);
  await expect(sheet).toBeHidden();

  // It opens again afterwards.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(sheet).toBeHidden();
});
