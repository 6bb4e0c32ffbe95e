# IMDSv2-only launch template fragment
resource "aws_launch_template" "app" {
  name_prefix   = "app-"
  image_id      = var.ami_id
  instance_type = var.instance_type

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = var.containers_need_instance_role ? 2 : 1
    instance_metadata_tags      = "disabled"
  }
}

variable "ami_id" { type = string }
variable "instance_type" { type = string }
variable "containers_need_instance_role" {
  type    = bool
  default = false
}
