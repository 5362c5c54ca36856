/// <reference types="vite/client" />

/** The backend's URL, defined by the admin's Vite build (`admin.backendUrl`, "/" by default). */
declare const __BACKEND_URL__: string
