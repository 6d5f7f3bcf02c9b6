import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COUPON_MESSAGES, COUPON_PHOTO_MAX_BYTES, couponParams, couponSchema } from "../../../domain/coupons.js";
import { PayloadTooLargeError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { readCouponPhoto, removeCouponPhoto, setCouponPhoto } from "./photos.js";

const tags = ["coupons"];
const path = "/api/groups/:groupId/coupons/:couponId/photo";

/**
 * A coupon's photo. Registered as a plugin of its own: in here every body, whatever its claimed
 * Content-Type, arrives as raw bytes (at most 2 MB), and the bytes alone decide what it is.
 * Sign-in (401 before the body is read), the refusal of cross-site writes with a session cookie
 * and the module's switch are the app's, as for every other route.
 */
export const couponPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: COUPON_PHOTO_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.put(
    path,
    {
      ...signedIn,
      // A body past the limit is a photo too large: its own message, not the general one.
      errorHandler: (error) => {
        if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new PayloadTooLargeError(COUPON_MESSAGES.photoTooLarge);
        throw error;
      },
      schema: {
        summary: "Sets a coupon's photo: the body is the image itself, JPEG, PNG or WebP, at most 2 MB",
        tags,
        params: couponParams,
        response: { 200: couponSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      setCouponPhoto(
        app.deps,
        requireUser(request),
        request.params.groupId,
        request.params.couponId,
        Buffer.isBuffer(request.body) ? request.body : undefined,
      ),
  );

  app.delete(
    path,
    {
      ...signedIn,
      schema: {
        summary: "Removes a coupon's photo",
        tags,
        params: couponParams,
        response: { 200: couponSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeCouponPhoto(app.deps, requireUser(request), request.params.groupId, request.params.couponId),
  );

  app.get(
    path,
    {
      ...signedIn,
      schema: { summary: "A coupon's photo (JPEG, PNG or WebP)", tags, params: couponParams },
    },
    async (request, reply) => {
      const photo = await readCouponPhoto(
        app.deps,
        requireUser(request),
        request.params.groupId,
        request.params.couponId,
      );
      // The type is the one sniffed when it was stored; nothing may run or load if it is opened
      // on its own, nor may the browser guess another type. The address carries the photo's
      // version, so a kept copy is never stale; "private" keeps it out of shared caches.
      return reply
        .type(photo.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-disposition", "inline")
        .send(photo.data);
    },
  );
};
