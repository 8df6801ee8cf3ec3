import { test as setup } from "@playwright/test";
import { signInThroughPages, STORAGE, USERS } from "./support/auth";

// Signs in once per user through the real sign-in pages; the specs start from these states.
setup("sign in as the archivist", async ({ page }) => {
  await signInThroughPages(page, USERS.archivist);
  await page.context().storageState({ path: STORAGE.archivist });
});

setup("sign in as the admin", async ({ page }) => {
  await signInThroughPages(page, USERS.admin);
  await page.context().storageState({ path: STORAGE.admin });
});
