locals {
  tags = merge({ Service = var.name, Environment = var.environment, ManagedBy = "terraform" }, var.tags)
}

resource "aws_s3_bucket" "assets" {
  bucket = "${var.name}-${var.environment}-assets"
  tags   = local.tags
}

resource "aws_s3_bucket_public_access_block" "assets" {
  bucket                  = aws_s3_bucket.assets.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}
