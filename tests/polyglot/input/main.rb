def compute
  only_here()
end
