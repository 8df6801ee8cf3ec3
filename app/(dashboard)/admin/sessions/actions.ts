"use server";
import "server-only";
import { revalidatePath } from "next/cache";
import { AdminOnlyError, endSessionsOfUser } from "@/lib/auth/admin-sessions";
import { requireSession } from "@/lib/auth/session";

export interface EndSessionsState {
  message?: string;
  error?: string;
}

// The text of a form field; anyone can call an action with any arguments.
function field(formData: unknown, name: string): string {
  const value = formData instanceof FormData ? formData.get(name) : null;
  return typeof value === "string" ? value : "";
}

// "End sessions" on the admin page: admin-only, checked here and again in lib/auth.
export async function endSessionsAction(
  _previous: EndSessionsState,
  formData: unknown,
): Promise<EndSessionsState> {
  const admin = await requireSession("/admin/sessions");
  const userId = field(formData, "userId");
  const name = field(formData, "name") || userId;
  if (!userId) return { error: "No user was named." };
  try {
    const ended = await endSessionsOfUser(admin, userId);
    revalidatePath("/admin/sessions");
    return { message: `Ended ${ended} session${ended === 1 ? "" : "s"} of ${name}.` };
  } catch (error) {
    if (error instanceof AdminOnlyError) return { error: error.message };
    throw error;
  }
}
