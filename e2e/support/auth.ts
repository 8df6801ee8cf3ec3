import { expect, type Page } from "@playwright/test";

// The embedded archive's demo users (archive/config/identities.json).
export const USERS = {
  archivist: {
    username: "archivist",
    password: "archivist",
    name: "Ada Archivist",
    role: "archivist",
    tenants: ["demo"],
  },
  admin: {
    username: "admin",
    password: "admin",
    name: "Alan Admin",
    role: "admin · archivist",
    tenants: ["demo", "research"],
  },
  admin2: {
    username: "admin2",
    password: "admin2",
    name: "Grace Second Admin",
    role: "admin · archivist",
    tenants: ["demo", "research"],
  },
} as const;

export type DemoUser = (typeof USERS)[keyof typeof USERS];

// Saved sign-ins written by auth.setup.ts and used as storageState by the specs.
export const STORAGE = {
  archivist: "e2e/.auth/archivist.json",
  admin: "e2e/.auth/admin.json",
} as const;

// Where the e2e server keeps its data (playwright.config.ts passes it to `npm start`).
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";

// Signs in through the real pages: the dashboard's sign-in page, then the archive's form.
// Starts at `path` (a signed-in page) and checks the user comes back there, menu showing.
export async function signInThroughPages(page: Page, user: DemoUser, path = "/"): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  await page.getByRole("button", { name: /^Sign in with / }).click();
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("button", { name: `User menu: ${user.name}, ${user.role}` }),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
}
