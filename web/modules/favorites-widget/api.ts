import type { Favorites } from "../../../domain/favorites";
import { apiFetch } from "../../api/http";

export const favoriteKeys = { all: ["favorites"] as const };

export const FAVORITES_MODULE = "favorites-widget";

export const getFavorites = () => apiFetch<Favorites>("/api/favorites");

export const favoritePath = (taskId: string) => `/api/favorites/${encodeURIComponent(taskId)}`;
