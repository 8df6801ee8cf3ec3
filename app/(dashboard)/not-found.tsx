import { NotFoundState } from "@/components/shell/not-found-state";

// notFound() from a dashboard page (an unknown object, a gone submission) keeps the shell.
export default function DashboardNotFound() {
  return <NotFoundState />;
}
