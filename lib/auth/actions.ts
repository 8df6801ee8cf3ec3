"use server";
import "server-only";
import { redirect } from "next/navigation";
import { signOutCurrentSession } from "./sign-out";

// Server action behind the user menu's "Sign out" button.
export async function signOutAction(): Promise<void> {
  redirect(await signOutCurrentSession());
}
