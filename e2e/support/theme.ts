import { expect, type Page } from "@playwright/test";

export type ThemeChoice = "light" | "dark" | "system";

const LABELS: Record<ThemeChoice, string> = {
  light: "Light theme",
  dark: "Dark theme",
  system: "System theme",
};

// Chooses a theme with the header's toggle and waits until it is pressed (hydrated and stored).
export async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  const button = page
    .getByRole("group", { name: "Theme" })
    .getByRole("button", { name: LABELS[theme] });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}
