# Production image: Node 24, the built web app, migrations applied at start.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci runs the project's postinstall (decision 030).
COPY scripts/install-note.mjs scripts/prepare.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# npm run build compiles the message catalogue first (prebuild: src/paraglide, decision 042);
# the server imports it, so it goes into the image with src/ below.
RUN npm run build && touch dist/web/.build-stamp && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./
COPY --from=build /app/src ./src
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# main.ts picks its Node flags for the database it uses (src/server/node-flags.ts, decision 019).
CMD ["node", "src/server/main.ts"]
