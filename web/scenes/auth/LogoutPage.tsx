import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { logout } from "../../api/auth";
import { Alert } from "../../components/Alert";
import { forgetMe } from "../../hooks/use-me";
import { THEME_STORAGE_KEY } from "../../../domain/theme";

/** Everything this app keeps in the browser, but the theme, which belongs to the device. */
function clearLocalData(): void {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  sessionStorage.clear();
  if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
}

/** /logout and /sign-out: ends the session on the server, clears local data, then offers to sign in again. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    logout().then(
      () => {
        clearLocalData();
        forgetMe();
        void navigate("/login?signed-out", { replace: true });
      },
      () => setFailed(true),
    );
  }, [navigate]);

  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Signing out…</h1>
      {failed && (
        <div className="mt-6 text-left">
          <Alert tone="error">
            Signing out did not reach the server. Check your connection and{" "}
            <Link to="/logout" reloadDocument className="underline">
              try again
            </Link>
            .
          </Alert>
        </div>
      )}
    </div>
  );
}
