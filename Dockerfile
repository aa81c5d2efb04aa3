# The production image (docs/deploy.md): one image for the storefront, the sandbox upstream of a
# test deployment and the migration step, running as a non-root user with `node` alone.
#   podman build -t placa-paga .                          # compiles inside the image (npm ci, build:dist)
#   podman build --build-arg DIST_FROM=prebuilt -t placa-paga .   # takes dist/ from `npm run build:dist`
# No secret is built in: every key comes from the environment at run time (an env file), and
# ./data (a host's generated keys) is outside the build context (.dockerignore).
ARG BASE=node:20-bookworm-slim
ARG BUILD_BASE=node:20-bookworm
ARG DIST_FROM=build

FROM ${BUILD_BASE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build:dist

FROM scratch AS prebuilt
COPY dist /src/dist

FROM ${DIST_FROM} AS dist

FROM ${BASE}
RUN groupadd --system --gid 10001 placa \
  && useradd --system --uid 10001 --gid placa --home-dir /app --shell /usr/sbin/nologin placa
WORKDIR /app
# Owned by root and read-only to the server's user: only ./data (SQLite on one host) is writable.
COPY --from=dist /src/dist /app
RUN mkdir -p /app/data && chown placa:placa /app/data
USER placa
ENV NODE_ENV=production NEXT_DIST_DIR=.next-dist PORT=3000 NEXT_TELEMETRY_DISABLED=1
EXPOSE 3000
# Runtimes that read it (Docker); podman's default image format ignores it and compose's proxy
# checks /api/ready itself.
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.mjs"]
