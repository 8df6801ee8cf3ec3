export default function Page() {
  return <main>Scriptorium</main>;
}
