/**
 * Photos people attach (to the assistant, to a message): the types a phone's camera and gallery
 * give, and the spec's 10 MB limit with its messages.
 */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic"] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MESSAGES = { fileTooLarge: "File too large", invalidFileType: "Invalid file type" } as const;
